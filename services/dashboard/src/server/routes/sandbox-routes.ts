import Joi from 'joi';
import { SANDBOX_REFUSAL_KINDS, type SandboxRefusalKind } from '@lps/network';
import { defineRoute, type RouteDefinition } from '@lps/api';
import { armSandboxRefusal, sandboxSwitch } from '../../domain/sandbox/sandbox-switch.js';

interface FailNextBody {
  error: SandboxRefusalKind;
}
const FailNextSchema = Joi.object<FailNextBody, true>({
  error: Joi.string()
    .valid(...SANDBOX_REFUSAL_KINDS)
    .required(),
});

const RefusalKindSchema = Joi.object({ kind: Joi.string().required(), label: Joi.string().required(), description: Joi.string().required() });
const SandboxSwitchSchema = Joi.object({
  armed: Joi.string()
    .valid(...SANDBOX_REFUSAL_KINDS)
    .allow(null)
    .required(),
  kinds: Joi.array().items(RefusalKindSchema).required(),
});

/** The sandbox's failure switch (decision 0038): 404 when this lps publishes on LinkedIn. */
export function sandboxRoutes(): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/sandbox',
      summary: 'The refusal armed for the member’s next publication on the sandbox, and the kinds there are',
      tag: 'Dashboard',
      responses: { 200: { description: '{armed, kinds}', schema: SandboxSwitchSchema } },
      errors: [404],
      handler: async ({ caller, deps }) => ({ status: 200, body: await sandboxSwitch(deps, caller.memberId) }),
    }),
    defineRoute({
      method: 'post',
      path: '/sandbox/fail-next',
      summary: 'The member’s next publication on the sandbox is refused with this LinkedIn error, once',
      tag: 'Dashboard',
      request: { body: FailNextSchema },
      responses: { 204: { description: 'Armed' } },
      errors: [404, 422],
      handler: async ({ caller, body, deps }) => {
        await armSandboxRefusal(deps, caller.memberId, body.error);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/sandbox/fail-next',
      summary: 'Takes back the refusal armed for the member’s next publication',
      tag: 'Dashboard',
      responses: { 204: { description: 'Disarmed (also when nothing was armed)' } },
      errors: [404],
      handler: async ({ caller, deps }) => {
        await armSandboxRefusal(deps, caller.memberId, null);
        return { status: 204 };
      },
    }),
  ];
}
