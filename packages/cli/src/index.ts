export { runCli } from './run-cli.js';
export { createOAuthLink } from './members/create-oauth-link.js';
