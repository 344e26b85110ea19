// The server's memory settings (docs/decisions.md, "The server's memory settings", issues 17 and 23): wherever the server
// runs (npm start, the browser suite's and the benchmarks' servers), node runs it with these. Measured on the compiled
// server on PostgreSQL (docs/benchmarks.md, "Exports lean"): idle ~200 → ~160 MB; a 1,000,000-row report export's
// peak 412-423 → 185-189 MB.

/**
 * V8: semi-spaces of at most 4 MB instead of 16 MB: a young generation of up to 12 MB instead of 48 MB, which a busy
 * server keeps resident. 1 MB held a little less (idle ~155 against ~160 MB) but tripled the garbage collector's
 * time in an export (29 % of it against 9 % without the flag: a scavenge every 1 MB promotes whatever lives
 * across a batch); 16 MB with the next flag peaked at 229 MB (docs/benchmarks.md, "Exports lean").
 * V8: the old generation is collected once it has grown by half since the last collection, instead of letting it
 * grow up to several times (V8's factor is dynamic, up to 4x): a streaming export promotes a steady flow of
 * short-lived objects, which otherwise sat as garbage worth 60-100 MB of heap plus the buffers they hold.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

/** glibc: two malloc arenas instead of up to eight per core, one per thread that allocates (libuv's pool, zlib, pg). */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

const flagName = (flag) => flag.split('=')[0];

/** True when this process runs with the settings, or with its own values for them (NODE_OPTIONS or the command line). */
export function hasServerSettings(execArgv = process.execArgv, env = process.env) {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].map(flagName);
  return SERVER_NODE_FLAGS.every((flag) => given.includes(flagName(flag))) && Object.keys(SERVER_ENV).every((name) => name in env);
}

/** How to spawn `node server/launch.mjs <entry>` with the settings applied, so that the spawned process is the server. */
export function serverSpawnArgs(entry, env = process.env) {
  return { args: [...SERVER_NODE_FLAGS, 'server/launch.mjs', entry], env: { ...SERVER_ENV, ...env } };
}
