// Starts `spacedock serve` on a free loopback port with a fresh database in a temp dir, and
// stops it: SIGTERM, then SIGKILL if it has not gone within a few seconds. It is also killed if
// this process exits any other way, and (under coreutils' timeout) cannot outlive `lifetimeS`
// even if this process is killed outright.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const kTimeout = "/usr/bin/timeout";

// `lifetimeS`: the most the server may live, whatever happens to this process. `extraArgs`: more
// of serve's flags (the card image source, say).
export async function startServer({ binary, webRoot, logFile, lifetimeS = 3600, startTimeoutMs = 20_000, extraArgs = [] }) {
  if (!existsSync(binary)) throw new Error(`no server binary at ${binary}`);
  if (!existsSync(join(webRoot, "index.html"))) throw new Error(`no built client at ${webRoot} (index.html missing)`);
  const dir = mkdtempSync(join(tmpdir(), "spacedock-e2e-"));
  const portFile = join(dir, "port");
  const args = [
    "serve",
    "--listen", "127.0.0.1:0",
    "--port-file", portFile,
    "--db", join(dir, "db.sqlite"),
    "--password-cost", "minimal",
    "--web-root", webRoot,
    "--bot-think-ms", "50",
    // The events flow judges a match that has just started.
    "--judge-delay-s", "2",
    ...extraArgs,
  ];
  const log = createWriteStream(logFile);
  // Under coreutils' timeout when there is one, so that the server cannot outlive the run even
  // if this process is killed outright; in a process group of its own, which stop() signals.
  const [command, argv] = existsSync(kTimeout)
    ? [kTimeout, ["-k", "10", String(Math.ceil(lifetimeS)), binary, ...args]]
    : [binary, args];
  log.write(`$ ${command} ${argv.join(" ")}\n`);
  const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      child.kill(sig);
    }
  };
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on("exit", (code, how) => {
      exited = { code, signal: how };
      resolve(exited);
    }),
  );
  const lastResort = () => {
    if (exited === null) signal("SIGKILL");
  };
  process.on("exit", lastResort);

  const stop = async () => {
    process.off("exit", lastResort);
    if (exited === null) {
      signal("SIGTERM");
      const gone = await Promise.race([exit, sleep(5000).then(() => null)]);
      if (gone === null) {
        signal("SIGKILL");
        await Promise.race([exit, sleep(5000)]);
      }
    }
    log.end();
    rmSync(dir, { recursive: true, force: true });
    return exited;
  };

  const started = Date.now();
  let port = 0;
  while (!port) {
    if (exited) {
      await stop();
      throw new Error(`the server exited before listening (${JSON.stringify(exited)}); see ${logFile}`);
    }
    if (Date.now() - started > startTimeoutMs) {
      await stop();
      throw new Error(`no port file after ${startTimeoutMs} ms; see ${logFile}`);
    }
    if (existsSync(portFile)) port = Number(readFileSync(portFile, "utf8").trim()) || 0;
    if (!port) await sleep(50);
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    db: join(dir, "db.sqlite"),
    stop,
    exited: () => exited,
  };
}
