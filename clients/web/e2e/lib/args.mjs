// The command line of run.mjs: where the server binary and the built client are, where the
// screenshots and logs go, and the knobs a person may want when chasing a failure.
import { resolve } from "node:path";

const kUsage = `usage: node e2e/run.mjs --server PATH --web-root DIR --artifacts DIR
           [--seed N] [--max-minutes M] [--only FLOW,FLOW] [--headed]
  --server      the spacedock binary (it is started on 127.0.0.1, a free port)
  --web-root    the built browser client (build/web)
  --artifacts   where screenshots, the server log and page logs go (created)
  --seed        seed of the clicking (default 20240611); the server's own games are random
  --max-minutes the whole run's wall-time cap (default 12)
  --only        run only these flows (and what they need), e.g. --only stccg,replay
  --chromium    the browser (default /usr/bin/chromium)`;

export function parseArgs(argv) {
  const out = {
    server: undefined,
    webRoot: undefined,
    artifacts: undefined,
    seed: 20240611,
    maxMinutes: 12,
    only: null,
    headed: false,
    chromium: "/usr/bin/chromium",
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value\n${kUsage}`);
      return v;
    };
    switch (arg) {
      case "--server": out.server = resolve(value()); break;
      case "--web-root": out.webRoot = resolve(value()); break;
      case "--artifacts": out.artifacts = resolve(value()); break;
      case "--seed": out.seed = Number(value()) >>> 0; break;
      case "--max-minutes": out.maxMinutes = Number(value()); break;
      case "--only": out.only = new Set(value().split(",").map((s) => s.trim()).filter(Boolean)); break;
      case "--chromium": out.chromium = resolve(value()); break;
      case "--headed": out.headed = true; break;
      case "--help": case "-h": console.log(kUsage); process.exit(0);
      default: throw new Error(`unknown argument ${arg}\n${kUsage}`);
    }
  }
  for (const need of ["server", "webRoot", "artifacts"])
    if (!out[need]) throw new Error(`missing --${need === "webRoot" ? "web-root" : need}\n${kUsage}`);
  if (!(out.maxMinutes > 0)) throw new Error("--max-minutes must be a positive number");
  return out;
}
