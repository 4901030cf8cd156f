import type { Config } from '@lps/config';
import type { Db } from '@lps/db';

export interface CommandContext {
  config: Config;
  db: Db;
  /** Positional words after the command's name. */
  positionals: string[];
  options: Record<string, string | boolean | undefined>;
  print(text: string): void;
}

export class UsageError extends Error {}

export const requireOption = (context: CommandContext, name: string): string => {
  const value = context.options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
};
