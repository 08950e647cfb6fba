// Builds the browser client: generates the protocol's TypeScript from protocol/*.proto with
// Debian's protoc and protoc-gen-es, then bundles the app with esbuild into hashed files and an
// index.html that names them.
//   node build.mjs [--out DIR]   the app (default: ../../build/web)
//   node build.mjs --tests       the unit tests, one bundle each, into build-tests/
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};

function generateProtocol() {
  const protocolRoot = join(here, "../../protocol");
  const protos = readdirSync(join(protocolRoot, "spacedock/v1"))
    .filter((name) => name.endsWith(".proto"))
    .map((name) => `spacedock/v1/${name}`);
  rmSync(join(here, "gen"), { recursive: true, force: true });
  mkdirSync(join(here, "gen"), { recursive: true });
  execFileSync("protoc", [
    `--plugin=protoc-gen-es=${join(here, "node_modules/.bin/protoc-gen-es")}`,
    `--es_out=${join(here, "gen")}`,
    "--es_opt=target=ts,import_extension=js",
    `-I${protocolRoot}`,
    ...protos,
  ], { stdio: "inherit" });
}

const common = {
  bundle: true,
  target: "es2020",
  jsx: "automatic",
  jsxImportSource: "preact",
  logLevel: "warning",
};

async function buildApp(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await esbuild.build({
    ...common,
    entryPoints: [join(here, "src/main.tsx")],
    outdir: out,
    entryNames: "[name]-[hash]",
    minify: true,
    sourcemap: "linked",
    metafile: true,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => relative(out, file));
  const script = outputs.find((file) => file.endsWith(".js"));
  const style = outputs.find((file) => file.endsWith(".css"));
  const page = readFileSync(join(here, "src/index.html"), "utf8")
    .replace("%SCRIPT%", script)
    .replace("%STYLE%", style);
  writeFileSync(join(out, "index.html"), page);
  // Compressed twins the server sends to browsers that accept gzip.
  let gzipped = 0;
  for (const file of [...outputs.filter((f) => !f.endsWith(".map")), "index.html"]) {
    const compressed = gzipSync(readFileSync(join(out, file)), { level: 9 });
    writeFileSync(join(out, `${file}.gz`), compressed);
    if (file.endsWith(".js")) gzipped += compressed.length;
  }
  const digest = createHash("sha256").update(readFileSync(join(out, script))).digest("hex");
  console.log(`web: ${basename(out)}/${script} (${(gzipped / 1024).toFixed(1)} KB gzip of JS, ` +
    `sha256 ${digest.slice(0, 12)})`);
}

async function buildTests(out) {
  rmSync(out, { recursive: true, force: true });
  const tests = readdirSync(join(here, "tests")).filter((name) => name.endsWith(".test.ts"));
  await esbuild.build({
    ...common,
    entryPoints: tests.map((name) => join(here, "tests", name)),
    outdir: out,
    outExtension: { ".js": ".mjs" },
    platform: "node",
    format: "esm",
  });
}

generateProtocol();
if (args.includes("--tests")) {
  await buildTests(join(here, "build-tests"));
} else {
  await buildApp(option("--out", join(here, "../../build/web")));
}
