import type { CommandContext } from './command.js';
import { memberConnect, memberConnections } from './connect-commands.js';
import { encryptionRotate } from './encryption-commands.js';
import { keyCreate, keyList, keyRevoke } from './key-commands.js';
import { memberCreate, memberList, memberSignInLink } from './member-commands.js';
import { postAttach } from './post-commands.js';
import { sandboxFailNext } from './sandbox-commands.js';

export type Command = (context: CommandContext) => Promise<void>;

/** `lps <group> <action>`: every command of the CLI. */
export const commands: Record<string, Record<string, Command>> = {
  member: { create: memberCreate, list: memberList, connect: memberConnect, connections: memberConnections, 'sign-in-link': memberSignInLink },
  key: { create: keyCreate, revoke: keyRevoke, list: keyList },
  encryption: { rotate: encryptionRotate },
  post: { attach: postAttach },
  sandbox: { 'fail-next': sandboxFailNext },
};
