#!/usr/bin/env node
/**
 * CI check: every dependency with an install script, on every OS we ship to, is either allowed
 * or explicitly denied in package.json `allowScripts` (npm ≥ 11 skips unlisted scripts silently
 * on a user's desktop, so an unlisted one is a decision nobody made). The lock file lists every
 * platform's optional packages with `hasInstallScript`, so one check on Linux covers Windows and
 * macOS too. Exits 1 naming each unlisted package; also names allowScripts entries that match
 * no package any more.
 *
 * Decisions (package.json `allowScripts`):
 * - better-sqlite3 true: fetches or builds its native module (our library database).
 * - electron true: its postinstall fetches the Electron binary (`npm start` needs it; CI sets
 *   ELECTRON_SKIP_BINARY_DOWNLOAD=1, which turns it into a no-op).
 * - esbuild true: verifies its platform binary (tsx uses it for scripts and tests).
 * - node-av false: its install script only looks for the prebuilt platform package we already
 *   depend on (optionalDependencies), and its postinstall downloads an ffmpeg CLI from GitHub
 *   that we do not use (the libraries run in-process) and that fails offline.
 * - core-js false: prints a funding message. electron-winstaller false: picks a 7-Zip binary for
 *   Squirrel.Windows installers, which we do not build (NSIS).
 * - onnxruntime-node false: its npm tarball already ships the CPU libraries for every target
 *   (bin/napi-v6/<platform>/<arch>); its postinstall only downloads CUDA extras from NuGet,
 *   which the CPU engine does not use and which fails offline (ONNXRUNTIME_NODE_INSTALL=skip
 *   makes it a no-op where scripts do run).
 * - protobufjs false: the v6 copy under onnx-proto (ONNX's protobuf classes, used by the model
 *   converter) has a postinstall that checks the versions of its CLI's optional tools; the
 *   runtime classes need nothing from it (v8, our own, has no install script).
 */
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const listed = pkg.allowScripts ?? {};
const nameOf = (entry) => entry.replace(/^.*node_modules\//, '');
const withScripts = new Set(
  Object.entries(lock.packages ?? {})
    .filter(([path, p]) => path && p.hasInstallScript)
    .map(([path]) => nameOf(path)),
);
const keyName = (k) => k.replace(/(.)@.*$/, '$1');
const covered = new Set(Object.keys(listed).map(keyName));
const missing = [...withScripts].filter((n) => !covered.has(n)).sort();
const stale = Object.keys(listed).filter((k) => !withScripts.has(keyName(k)));
for (const n of stale) console.log(`allowScripts lists ${n}, which no locked package with an install script matches`);
if (missing.length) {
  console.error(`install scripts neither allowed nor denied in package.json allowScripts: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`install scripts: ${withScripts.size} packages, each allowed or denied (${[...withScripts].sort().join(', ')})`);
