import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { memberApi, request } from '../api/client.js';
import type { ImageCandidate, Post } from '../api/types.js';
import { ErrorNote, StatusNote } from '../components/notice.js';
import { uploadFile, type Upload } from './upload.js';
import { useAction } from './use-action.js';

interface Chosen {
  image_url: string;
  alt_text: string;
  kind: ImageCandidate['kind'];
}

const ACCEPT = 'image/jpeg,image/png,application/pdf,video/mp4';
const INTERNAL_DRAG = 'application/x-lps-image-index';

/** The media a post carries now, as the chosen list shows it. */
function chosenOf(post: Post): Chosen[] {
  if ((post.format === 'document' || post.format === 'video') && post.image_url) return [{ image_url: post.image_url, alt_text: '', kind: post.format }];
  return (post.images ?? []).map((image) => ({ image_url: image.image_url, alt_text: image.alt_text ?? '', kind: 'image' }));
}

const keyOf = (items: readonly Chosen[]) => JSON.stringify(items);

function describe(candidate: ImageCandidate, index: number): string {
  const origin = candidate.source === 'upload' ? 'uploaded' : 'generated';
  if (candidate.kind === 'document') return `PDF ${index + 1}, ${origin}: ${candidate.title ?? 'untitled'}`;
  if (candidate.kind === 'video') return `Video ${index + 1}, ${origin}${candidate.duration_seconds ? `, ${Math.round(candidate.duration_seconds)} s` : ''}`;
  return `Image ${index + 1}, ${origin}${candidate.width && candidate.height ? `, ${candidate.width}×${candidate.height}` : ''}`;
}

function Thumbnail({ url, kind, alt }: { url: string; kind: ImageCandidate['kind']; alt: string }) {
  if (kind === 'image') return <img src={url} alt={alt} loading="lazy" className="thumb" />;
  return (
    <span className="thumb thumb-file" aria-hidden="true">
      {kind === 'document' ? 'PDF' : 'MP4'}
    </span>
  );
}

interface UploadState {
  name: string;
  sent: number | null;
}

/**
 * Images, a document or a video for the post: candidates generated or uploaded (by drag and drop
 * or the file picker, with a progress bar), chosen in order — dragged, or moved with buttons —
 * each image with its alt text (a missing one is a warning in the preview, never a block).
 */
export function MediaPanel({ post, onPost, reload, locked }: { post: Post; onPost: (post: Post) => void; reload: () => void; locked: boolean }) {
  const saved = chosenOf(post);
  const baseKey = keyOf(saved);
  const [edit, setEdit] = useState<{ base: string; items: Chosen[] }>();
  const items = edit?.base === baseKey ? edit.items : saved;
  const dirty = keyOf(items) !== baseKey;
  const setItems = (next: Chosen[]) => setEdit({ base: baseKey, items: next });
  const candidates = post.image_candidates ?? [];
  const generate = useAction();
  const save = useAction();
  const [upload, setUpload] = useState<UploadState>();
  const [uploadError, setUploadError] = useState<string>();
  const [uploadAlt, setUploadAlt] = useState('');
  const [announcement, setAnnouncement] = useState<string>();
  const [dragOver, setDragOver] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<{ url: string; direction: 'up' | 'down' }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const chosenList = useRef<HTMLOListElement>(null);
  const current = useRef<Upload | undefined>(undefined);
  const uploadAltId = useId();
  const hintId = useId();
  const generating = post.status === 'generating_images';

  useEffect(() => () => current.current?.abort(), []);

  useEffect(() => {
    if (!focusAfterMove) return;
    const row = chosenList.current?.querySelector<HTMLElement>(`[data-url="${CSS.escape(focusAfterMove.url)}"]`);
    const wanted =
      row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]:not([disabled])`) ?? row?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])');
    wanted?.focus();
  }, [focusAfterMove]);

  const startUpload = (file: File | undefined) => {
    if (!file || upload) return;
    setUploadError(undefined);
    setAnnouncement(undefined);
    setUpload({ name: file.name, sent: 0 });
    const started = uploadFile(post.id, file, uploadAlt, (sent) => setUpload({ name: file.name, sent }));
    current.current = started;
    started.done.then(
      () => {
        setUpload(undefined);
        setUploadAlt('');
        setAnnouncement(`“${file.name}” is uploaded and is now the post’s ${file.type === 'application/pdf' ? 'document' : file.type === 'video/mp4' ? 'video' : 'image'}.`);
        reload();
      },
      (failure: Error) => {
        setUpload(undefined);
        setUploadError(`“${file.name}” was not uploaded: ${failure.message}`);
      },
    );
  };

  const move = (from: number, to: number, announce = true) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setItems(next);
    if (announce) {
      setFocusAfterMove({ url: moved.image_url, direction: to < from ? 'up' : 'down' });
      setAnnouncement(`Image ${from + 1} moved ${to < from ? 'up' : 'down'}: it is now ${to + 1} of ${next.length}. Save the images to keep the order.`);
    }
  };

  const toggle = (candidate: ImageCandidate) => {
    const at = items.findIndex((item) => item.image_url === candidate.base_url);
    if (at >= 0) {
      setItems(items.filter((_, index) => index !== at));
      return;
    }
    const added: Chosen = { image_url: candidate.base_url, alt_text: candidate.alt_text ?? '', kind: candidate.kind };
    // A document or a video goes out alone; images go together (up to 20).
    if (candidate.kind !== 'image' || items.some((item) => item.kind !== 'image')) setItems([added]);
    else setItems([...items, added]);
  };

  const saveImages = () =>
    save.run(async () => {
      const first = items[0];
      if (!first) return;
      const answer =
        first.kind === 'image'
          ? await request<{ post: Post }>(memberApi(`/posts/${post.id}`), {
              method: 'PATCH',
              body: { images: items.map((item) => ({ image_url: item.image_url, alt_text: item.alt_text.trim() || null })) },
            })
          : await request<{ post: Post }>(memberApi(`/posts/${post.id}/select-image`), { method: 'POST', body: { image_url: first.image_url, use_overlay: false } });
      onPost(answer.post);
      setAnnouncement(
        first.kind === 'image'
          ? `The post has ${items.length} ${items.length === 1 ? 'image' : 'images'} in this order.`
          : `The post carries this ${first.kind === 'document' ? 'document' : 'video'}.`,
      );
    });

  const startGenerating = () =>
    generate.run(async () => {
      const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}/images`), { method: 'POST', body: {} });
      onPost(answer.post);
    });

  const isFileDrag = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

  return (
    <section aria-labelledby="media-heading" className="card editor-section">
      <h2 id="media-heading">Images, document or video</h2>
      <p className="hint" id={hintId}>
        Up to 20 images (JPEG or PNG, 5 MB each), or one PDF (10 MB), or one MP4 video. A post with a poll carries no media.
      </p>
      <div className="row-actions">
        <button type="button" className="button secondary" onClick={() => void startGenerating()} disabled={generate.busy || generating || locked}>
          Generate images
        </button>
      </div>
      <ErrorNote error={generate.error} />
      {generating ? (
        <div className="progress-line" role="status">
          <progress aria-label="Making images" />
          <span>Making images… they appear below when they are ready.</span>
        </div>
      ) : null}

      <div
        className={dragOver ? 'drop-zone over' : 'drop-zone'}
        onDragEnter={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragOver={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDragOver(false);
          if (!locked) startUpload(event.dataTransfer.files[0]);
        }}
      >
        <p>Drop a file here, or</p>
        <button type="button" className="button secondary" onClick={() => fileInput.current?.click()} disabled={upload !== undefined || locked} aria-describedby={hintId}>
          Upload image, PDF or video
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="File to upload"
          onChange={(event) => {
            startUpload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <div className="field upload-alt">
          <label htmlFor={uploadAltId}>Alt text for the image you upload (optional)</label>
          <input id={uploadAltId} value={uploadAlt} onChange={(event) => setUploadAlt(event.target.value)} maxLength={4086} />
        </div>
      </div>
      {upload ? (
        <div className="progress-line" role="status">
          <progress aria-label={`Uploading ${upload.name}`} max={1} {...(upload.sent === null ? {} : { value: upload.sent })} />
          <span>
            Uploading “{upload.name}”{upload.sent === null ? '…' : upload.sent >= 1 ? ': sent, the server is checking it…' : `: ${Math.round(upload.sent * 100)} %`}
          </span>
        </div>
      ) : null}
      <ErrorNote error={uploadError} />

      {candidates.length > 0 ? (
        <fieldset className="field candidates">
          <legend>Choose from the candidates</legend>
          <ul className="candidate-grid">
            {candidates.map((candidate, index) => {
              const label = describe(candidate, index);
              const checked = items.some((item) => item.image_url === candidate.base_url);
              return (
                <li key={`${candidate.base_url}-${index}`}>
                  <label className="candidate">
                    <Thumbnail url={candidate.base_url} kind={candidate.kind} alt="" />
                    <span className="candidate-choice">
                      <input type="checkbox" checked={checked} onChange={() => toggle(candidate)} disabled={locked} />
                      <span>Use {label}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : generating ? null : (
        <p className="empty">No images yet: generate some or upload your own.</p>
      )}

      {items.length > 0 ? (
        <>
          <h3>In the post, in publishing order</h3>
          <ol className="chosen-list" ref={chosenList} aria-label="Chosen media, in publishing order">
            {items.map((item, index) => {
              const name = item.kind === 'image' ? `image ${index + 1}` : item.kind === 'document' ? 'the document' : 'the video';
              const altId = `${hintId}-alt-${index}`;
              return (
                <li
                  key={item.image_url}
                  data-url={item.image_url}
                  className="chosen"
                  draggable={items.length > 1 && !locked}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(INTERNAL_DRAG, String(index));
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(event) => {
                    if (Array.from(event.dataTransfer.types).includes(INTERNAL_DRAG)) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    const from = Number(event.dataTransfer.getData(INTERNAL_DRAG));
                    if (!Number.isInteger(from)) return;
                    event.preventDefault();
                    move(from, index, false);
                    setAnnouncement(`Image ${from + 1} moved to place ${index + 1} of ${items.length}. Save the images to keep the order.`);
                  }}
                >
                  <Thumbnail url={item.image_url} kind={item.kind} alt="" />
                  <div className="chosen-main">
                    <p className="chosen-name">{item.kind === 'image' ? `Image ${index + 1} of ${items.length}` : item.kind === 'document' ? 'PDF document' : 'Video'}</p>
                    {item.kind === 'image' ? (
                      <div className="field">
                        <label htmlFor={altId}>Alt text for image {index + 1}</label>
                        <input
                          id={altId}
                          value={item.alt_text}
                          maxLength={4086}
                          disabled={locked}
                          onChange={(event) => setItems(items.map((other, at) => (at === index ? { ...other, alt_text: event.target.value } : other)))}
                        />
                        {item.alt_text.trim() ? null : <p className="hint warning-text">No alt text: screen readers will not describe this image.</p>}
                      </div>
                    ) : null}
                    <div className="row-actions">
                      {items.length > 1 ? (
                        <>
                          <button type="button" className="button secondary small" data-move="up" disabled={index === 0 || locked} onClick={() => move(index, index - 1)}>
                            Move up<span className="visually-hidden"> {name}</span>
                          </button>
                          <button
                            type="button"
                            className="button secondary small"
                            data-move="down"
                            disabled={index === items.length - 1 || locked}
                            onClick={() => move(index, index + 1)}
                          >
                            Move down<span className="visually-hidden"> {name}</span>
                          </button>
                        </>
                      ) : null}
                      <button
                        type="button"
                        className="button danger small"
                        disabled={(items.length === 1 && saved.length > 0) || locked}
                        onClick={() => {
                          setItems(items.filter((_, at) => at !== index));
                          setAnnouncement(`${name[0]?.toUpperCase()}${name.slice(1)} taken out. Save the images to keep the change.`);
                        }}
                      >
                        Take out<span className="visually-hidden"> {name}</span>
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
          {items.length === 1 && saved.length > 0 ? <p className="hint">A post that has media keeps at least one: choose another to replace it.</p> : null}
        </>
      ) : null}
      {dirty ? (
        <div className="row-actions">
          <button type="button" className="button primary" onClick={() => void saveImages()} disabled={save.busy || locked || items.length === 0}>
            Save images
          </button>
          <button type="button" className="button secondary" onClick={() => setEdit(undefined)} disabled={save.busy}>
            Undo media changes
          </button>
        </div>
      ) : null}
      <ErrorNote error={save.error} />
      {announcement ? <StatusNote>{announcement}</StatusNote> : null}
    </section>
  );
}
