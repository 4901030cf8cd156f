import { useId, useState } from 'react';
import { memberApi, request } from '../api/client.js';
import type { Post } from '../api/types.js';
import { Dialog } from '../components/dialog.js';
import { ErrorNote } from '../components/notice.js';
import { TemplateSelect } from './template-select.js';
import { useAction } from './use-action.js';

/** Writes the text again from the post's idea, with a template if chosen; unsaved edits are replaced (the dialog says so). */
export function RegenerateDialog({ post, open, dirty, onClose, onPost }: { post: Post; open: boolean; dirty: boolean; onClose: () => void; onPost: (post: Post) => void }) {
  const [template, setTemplate] = useState('');
  const action = useAction();
  const id = useId();
  return (
    <Dialog
      open={open}
      title="Regenerate the text"
      onClose={() => {
        action.clear();
        onClose();
      }}
      footer={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button primary"
            disabled={action.busy}
            onClick={() =>
              void action.run(async () => {
                const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}/regenerate`), { method: 'POST', body: template ? { template_id: template } : {} });
                onPost(answer.post);
                onClose();
              })
            }
          >
            Regenerate
          </button>
        </>
      }
    >
      <p>
        The writer writes the post again from its idea{post.idea ? <>: “{post.idea}”</> : ''}. The text it has now is replaced
        {dirty ? ', and so are the changes you have not saved' : ''}.
      </p>
      <div className="field">
        <label htmlFor={id}>Template</label>
        <TemplateSelect id={id} value={template} onChange={setTemplate} />
      </div>
      <ErrorNote error={action.error} />
    </Dialog>
  );
}
