// Types of server/node-settings.mjs (plain JavaScript: server/launch.mjs imports it before anything is compiled).
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function hasServerSettings(execArgv?: string[], env?: NodeJS.ProcessEnv): boolean;
export declare function serverSpawnArgs(entry: 'start' | 'serve', env?: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv };
