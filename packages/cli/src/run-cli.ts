import { parseArgs } from 'node:util';
import { loadConfig } from '@lps/config';
import { createDb } from '@lps/db';
import { UsageError } from './commands/command.js';
import { commands } from './commands/index.js';

const USAGE = `usage: lps <command> [options]
  member create --name <name> [--headline <text>] [--company <name>] [--json]
  member list [--json]
  member connect <member-id> [--replace] [--analytics] [--json]
                                           (LPS_NETWORK=sandbox: connects the member again at once;
                                            LPS_NETWORK=linkedin: prints the authorize URL; --replace
                                            allows switching to another LinkedIn person; --analytics
                                            connects the analytics app, LINKEDIN_ANALYTICS_*)
  member connections [--json]              (tokens, scopes and expiry; flags those expiring soon and
                                            posts scheduled after a connection ends)
  member sign-in-link <member-id> [--json] (a one-time link into the dashboard, valid LPS_SIGN_IN_LINK_TTL)
  key create --member <member-id> [--name <label>] [--scope full|read_only|no_publish]
             [--expires <date|duration>] [--json]
  key revoke <key-id> [--json]
  key list --member <member-id> [--json]
  encryption rotate [--json]               (re-encrypts stored secrets still under a previous key)
  post attach <post-id> <urn> [--json]     (the post is on the network as <urn>, e.g. the URN a failed
                                            publication named: it becomes published, analytics follow)
  sandbox fail-next <member-id> [--error expired_token|access_denied|duplicate|too_long|throttled|server_error]
                    [--json]               (LPS_NETWORK=sandbox: the member's next publication is refused
                                            as LinkedIn would refuse it; default duplicate)`;

/** Runs one CLI command; returns the exit code. Output goes to `print` (stdout), problems to stderr. */
export async function runCli(argv: string[], print: (text: string) => void = (text) => process.stdout.write(`${text}\n`)): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        headline: { type: 'string' },
        company: { type: 'string' },
        member: { type: 'string' },
        scope: { type: 'string' },
        expires: { type: 'string' },
        json: { type: 'boolean' },
        replace: { type: 'boolean' },
        analytics: { type: 'boolean' },
        error: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [group, action, ...positionals] = parsed.positionals;
  const command = group && action ? commands[group]?.[action] : undefined;
  if (parsed.values.help || !command) {
    process.stderr.write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  const config = loadConfig();
  const db = createDb(config.database.url, { poolSize: 2 });
  try {
    await command({ config, db, positionals, options: parsed.values, print });
    return 0;
  } catch (error) {
    process.stderr.write(`lps: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await db.$disconnect();
  }
}
