import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigMap, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';

// No cluster and no Docker engine here: every deploy file is checked statically,
// against the Kubernetes (and KEDA) JSON schemas shipped in kubernetes-models.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();
const k8sDir = join(root, 'deploy', 'k8s');
const WORKERS = ['publisher', 'image', 'research', 'webhook-dispatcher'];

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec?: Record<string, any> };
const VALIDATORS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : [],
  );
}

const manifests: Array<{ file: string; doc: Manifest }> = yamlFiles(join(k8sDir, 'base'))
  .filter((file) => !file.endsWith('kustomization.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
      return { file, doc: document.toJS() as Manifest };
    }),
  );
const byKind = (kind: string) => manifests.filter(({ doc }) => doc.kind === kind).map(({ doc }) => doc);

describe('Kubernetes manifests', () => {
  it('validate against the Kubernetes and KEDA schemas', () => {
    expect(manifests.length).toBeGreaterThan(10);
    for (const { file, doc } of manifests) {
      const Model = VALIDATORS[`${doc.apiVersion}/${doc.kind}`];
      expect([file, doc.kind, Boolean(Model)]).toEqual([file, doc.kind, true]);
      expect(() => new (Model as NonNullable<typeof Model>)(doc).validate()).not.toThrow();
    }
  });

  it('have a Deployment with probes, resource requests and a PodDisruptionBudget for the api, the dashboard and each worker', () => {
    const deployments = byKind('Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(['lps-api', 'lps-dashboard', ...WORKERS.map((w) => `lps-${w}`)].sort());
    for (const deployment of deployments) {
      const container = deployment.spec?.template.spec.containers[0];
      expect([deployment.metadata.name, Boolean(container.readinessProbe?.httpGet && container.livenessProbe?.httpGet)]).toEqual([deployment.metadata.name, true]);
      expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    }
    expect(
      byKind('PodDisruptionBudget')
        .map((p) => p.metadata.name)
        .sort(),
    ).toEqual(deployments.map((d) => d.metadata.name).sort());
    expect(byKind('Job').map((j) => j.metadata.name)).toEqual(['lps-migrate']);
  });

  it('scale each worker on its BullMQ wait list with KEDA', () => {
    const scaled = byKind('ScaledObject');
    expect(scaled.map((s) => s.spec?.scaleTargetRef.name).sort()).toEqual(WORKERS.map((w) => `lps-${w}`).sort());
    for (const object of scaled) {
      for (const trigger of object.spec?.triggers ?? []) {
        expect(trigger).toMatchObject({ type: 'redis', metadata: { listName: expect.stringMatching(/^\{lps\}:[\w-]+:wait$/) } });
      }
    }
  });

  it('run only entry commands that exist in the build output', () => {
    for (const doc of [...byKind('Deployment'), ...byKind('Job')]) {
      const command: string[] = doc.spec?.template.spec.containers[0].command;
      expect(command[0]).toBe('node');
      expect([command[1], existsSync(join(root, command[1] as string))]).toEqual([command[1], true]);
    }
  });

  it('run every service with the default young generation of V8: the API decodes nothing since issue 26 (decision 0006), in k8s as in docker-compose.yml', () => {
    const nodeOptions = (doc: Manifest) => (doc.spec?.template.spec.containers[0].env ?? []).find((entry: { name: string }) => entry.name === 'NODE_OPTIONS')?.value;
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    for (const doc of byKind('Deployment')) {
      const service = doc.metadata.name.replace(/^lps-/, '');
      expect([service, nodeOptions(doc)]).toEqual([service, undefined]);
      expect([service, compose.services[service]?.environment?.NODE_OPTIONS]).toEqual([service, undefined]);
    }
  });

  it('list only files that exist in the kustomizations', () => {
    for (const file of yamlFiles(k8sDir).filter((f) => f.endsWith('kustomization.yaml'))) {
      const kustomization = parse(readFileSync(file, 'utf8')) as { resources: string[] };
      for (const resource of kustomization.resources) expect([resource, existsSync(join(file, '..', resource))]).toEqual([resource, true]);
    }
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8');

  it('builds a non-root runtime image in stages, with production dependencies only', () => {
    expect(dockerfile).toMatch(/^FROM .* AS build$/m);
    expect(dockerfile).toMatch(/^FROM .* AS runtime$/m);
    expect(dockerfile).toMatch(/pnpm install --prod --frozen-lockfile --filter/);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('has an entry for every service the compose file builds', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { build?: { args?: { SERVICE?: string } } }>;
    };
    const built = Object.values(compose.services)
      .map((service) => service.build?.args?.SERVICE)
      .filter(Boolean) as string[];
    expect(built.sort()).toEqual(['api', 'dashboard', 'image', 'migrate', 'publisher', 'research', 'webhook-dispatcher']);
    for (const service of built) {
      const entry = service === 'migrate' ? 'scripts/migrate.mjs' : `services/${service}/dist/main.js`;
      expect([entry, existsSync(join(root, entry))]).toEqual([entry, true]);
    }
  });
});
