import type { Response } from 'express';
import { NAME_MAX } from '../../domain/sign-in/sandbox-code.js';
import { html, sendPage } from './html.js';

export const SANDBOX_FORM_ACTION = '/auth/sandbox/authorize';

/** The simulated network's own sign-in page (LPS_NETWORK=sandbox): two ways in, both ending at the same callback as LinkedIn. */
export function sandboxAuthorizePage(res: Response, state: string, problem?: { name: string; message: string }): void {
  const error = problem ? html`<p id="name-error" class="note error" role="alert">${problem.message}</p>` : html``;
  sendPage(
    res,
    problem ? 422 : 200,
    'Sign in to the sandbox network',
    html`<h1>Sign in to the sandbox network</h1>
      <p>
        This lps runs with <code>LPS_NETWORK=sandbox</code>: a simulated network inside the service, where nothing leaves this machine. Signing in here makes you a sandbox member,
        connected to it at once.
      </p>
      <form method="post" action="${SANDBOX_FORM_ACTION}" class="card">
        <input type="hidden" name="state" value="${state}" /><input type="hidden" name="as" value="sandbox-member" /><button type="submit" class="button primary">
          Continue as a sandbox member
        </button>
      </form>
      <h2>Or sign in under a name</h2>
      <form method="post" action="${SANDBOX_FORM_ACTION}" class="card">
        <input type="hidden" name="state" value="${state}" />
        <div class="field">
          <label for="name">Your name</label>
          <input
            id="name"
            name="name"
            type="text"
            required
            maxlength="${String(NAME_MAX)}"
            autocomplete="name"
            value="${problem?.name ?? ''}"
            ${problem ? html` aria-invalid="true" aria-describedby="name-error"` : html``}
          />
          ${error}
        </div>
        <button type="submit" class="button secondary">Sign in under this name</button>
      </form>`,
    { signIn: true },
  );
}
