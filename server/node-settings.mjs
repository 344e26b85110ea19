// The server's memory settings (docs/decisions.md, "The server's memory settings", issues 17 and 23): wherever the server
// runs (npm start, the browser suite's and the benchmarks' servers), node runs it with these. Measured on the compiled
// server on PostgreSQL (docs/benchmarks.md, "Exports lean"): idle 198 → ~155 MB; a 1,000,000-row report export's peak
// 412 → 262 MB with the first two, 172-189 MB with the third as well, at no measurable cost in rows per second.

/**
 * V8: semi-spaces of 1 MB instead of growing to 16 MB. The young generation is 3 MB instead of up to 48 MB, which
 * a busy server keeps resident (a scavenge every ~1 MB of allocation instead of every ~16 MB).
 * V8: the old generation is collected once it has grown by half since the last collection, instead of letting it
 * grow up to several times (V8's factor is dynamic, up to 4x): a streaming export promotes a steady flow of
 * short-lived objects, which otherwise sat as garbage worth 60-100 MB of heap plus the buffers they hold.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--heap-growing-percent=50'];

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
