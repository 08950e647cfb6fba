// Log in, or register (which logs the new account in).
import { useState } from "preact/hooks";
import type { Client } from "../app/client.js";
import { describeError } from "../net/connection.js";

export function LoginPage({ client }: { client: Client }) {
  const [mode, setMode] = useState<"login" | "register">("login");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const welcome = client.session.welcome.value;

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === "login") await client.session.login(client.connection, username, password);
      else await client.session.register(client.connection, username, password);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="login">
      <h1>Spacedock</h1>
      <p class="muted">Star Trek card and tile games, played online.</p>
      <div class="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === "login"} onClick={() => setMode("login")}>
          Log in
        </button>
        <button type="button" role="tab" aria-selected={mode === "register"} onClick={() => setMode("register")}>
          Register
        </button>
      </div>
      <form onSubmit={submit}>
        <label>
          User name
          <input
            name="username"
            autoComplete="username"
            required
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {mode === "register" && (
          <p class="hint">3 to 32 letters, digits, '_', '-' or '.'; a password of 8 or more characters.</p>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy || client.connection.state.value !== "live"}>
          {mode === "login" ? "Log in" : "Create account"}
        </button>
      </form>
      {welcome && <p class="muted small">Server {welcome.serverVersion}</p>}
    </section>
  );
}
