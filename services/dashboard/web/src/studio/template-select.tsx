import { memberApi, request } from '../api/client.js';
import type { Template } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { ErrorNote } from '../components/notice.js';

/** The writing templates (GET /templates), for a select: "" is the writer's own choice. */
export function TemplateSelect({ id, value, onChange, describedBy }: { id: string; value: string; onChange: (value: string) => void; describedBy?: string }) {
  const templates = useResource('templates', (signal) => request<{ data: Template[] }>(memberApi('/templates'), { signal }));
  const chosen = templates.data?.data.find((template) => template.id === value);
  return (
    <>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={describedBy}>
        <option value="">The writer’s choice</option>
        {(templates.data?.data ?? []).map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
      {chosen ? <p className="hint">{chosen.description}</p> : null}
      {templates.error ? <ErrorNote error={`The templates could not be read: ${templates.error.message}`} /> : null}
    </>
  );
}
