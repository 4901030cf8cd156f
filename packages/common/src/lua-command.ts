import { readFileSync } from 'node:fs';

/** The part of an ioredis client that runs Lua scripts as commands of its own. */
export interface LuaHost {
  defineCommand(name: string, definition: { lua: string; numberOfKeys: number }): void;
}

export type LuaCommand = (...keysAndArgs: (string | number)[]) => Promise<unknown>;

/**
 * A Lua script kept in a `.lua` file of its package (as BullMQ keeps its
 * own), run as an ioredis command: ioredis sends it by its SHA (EVALSHA) and
 * sends the text again when Redis has forgotten it (restart, SCRIPT FLUSH).
 * The file is read once per client, when the command is first defined.
 */
export function luaCommand(redis: LuaHost, name: string, file: URL, numberOfKeys: number): LuaCommand {
  const commands = redis as unknown as Record<string, LuaCommand | undefined>;
  if (typeof commands[name] !== 'function') redis.defineCommand(name, { lua: readFileSync(file, 'utf8'), numberOfKeys });
  const command = commands[name] as LuaCommand;
  return (...keysAndArgs) => command.apply(redis, keysAndArgs);
}
