import { useMemo } from 'react';
import type { Member, PostPreview } from '../api/types.js';
import { highlightRanges, piecesOfLines, type LinePiece } from './highlights.js';
import { layoutLines, linesBeforeFold, type Fold, type LaidOutLine } from './line-layout.js';
import { COLUMNS, FEED_FONT, LINE_HEIGHT_PX, SEE_MORE, type FeedColumn } from './linkedin-figures.js';
import { measureFeedText } from './measure-text.js';
import { useFit } from './use-fit.js';
import type { ShownPreview } from './use-preview.js';

const count = (value: number) => value.toLocaleString('en-US');

function Pieces({ pieces }: { pieces: LinePiece[] }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.kind === 'text' ? (
          piece.text
        ) : (
          <span key={index} className={`feed-${piece.kind}`}>
            {piece.text}
          </span>
        ),
      )}
    </>
  );
}

function Lines({ label, lines, pieces, start }: { label: string; lines: LaidOutLine[]; pieces: LinePiece[][]; start: number }) {
  return (
    <ol className="feed-lines" aria-label={label} start={start}>
      {lines.map((line, index) => (
        <li key={index} className="feed-line">
          <Pieces pieces={pieces[index] ?? []} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The text at one of LinkedIn's column widths, one element per rendered line, cut where the
 * "…see more" fold falls (the line counts from the server's `fold`). Before the server's first
 * answer the fold is not known yet and every line is shown.
 */
function FoldedText({ column, text, ranges, fold }: { column: FeedColumn; text: string; ranges: ReturnType<typeof highlightRanges>; fold: Fold | undefined }) {
  const lines = useMemo(() => layoutLines(text, column.widthPx, measureFeedText), [text, column.widthPx]);
  const pieces = useMemo(() => piecesOfLines(lines, ranges), [lines, ranges]);
  const shown = fold ? linesBeforeFold(lines, fold) : null;
  const [fitRef, scale] = useFit<HTMLDivElement>(column.widthPx);
  const where =
    fold === undefined
      ? `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}; the fold shows once the server has checked the text`
      : shown === null
        ? `all ${lines.length} ${lines.length === 1 ? 'line shows' : 'lines show'}: no “${SEE_MORE}”`
        : `“${SEE_MORE}” after line ${shown} of ${lines.length}`;
  return (
    <figure className="feed-column">
      <figcaption className="feed-caption">
        <strong>{column.label}</strong>, {column.widthPx} px{scale < 1 ? ` (drawn at ${Math.round(scale * 100)} % to fit this screen)` : ''}: {where}
      </figcaption>
      <div className="feed-fit" ref={fitRef}>
        <div className="feed-text" style={{ width: column.widthPx, font: FEED_FONT, lineHeight: `${LINE_HEIGHT_PX}px`, zoom: scale }}>
          {shown === null ? (
            <Lines label={`${column.label}: lines`} lines={lines} pieces={pieces} start={1} />
          ) : (
            <>
              <Lines label={`${column.label}: lines before ${SEE_MORE}`} lines={lines.slice(0, shown)} pieces={pieces.slice(0, shown)} start={1} />
              <p className="feed-fold">
                <span className="feed-see-more">{SEE_MORE}</span>
                <span className="feed-fold-label"> (the fold: readers see the lines below only when they click it)</span>
              </p>
              <Lines label={`${column.label}: lines behind ${SEE_MORE}`} lines={lines.slice(shown)} pieces={pieces.slice(shown)} start={shown + 1} />
            </>
          )}
        </div>
      </div>
    </figure>
  );
}

function Media({ media }: { media: PostPreview['media'] }) {
  if (media.length === 0) return null;
  const first = media[0];
  if (first?.kind === 'document')
    return (
      <p className="feed-document">
        <span className="feed-media-kind">PDF document</span> {first.title ?? 'Untitled document'}
      </p>
    );
  if (first?.kind === 'video')
    return (
      <p className="feed-document">
        <span className="feed-media-kind">Video</span>{' '}
        <a href={first.url} target="_blank" rel="noopener noreferrer">
          Open the video<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    );
  return (
    <ul className={`feed-images feed-images-${Math.min(media.length, 4)}`} aria-label={`${media.length} ${media.length === 1 ? 'image' : 'images'}, in publishing order`}>
      {media.map((item, index) => (
        <li key={`${item.url}-${index}`}>
          <img src={item.url} alt={item.alt_text ?? ''} loading="lazy" />
          {item.alt_text ? null : <span className="feed-no-alt">Image {index + 1}: no alt text</span>}
        </li>
      ))}
    </ul>
  );
}

function LinkCard({ link }: { link: PostPreview['link'] | undefined }) {
  if (!link?.shown) return null;
  const host = (() => {
    try {
      return new URL(link.url).host;
    } catch {
      return link.url;
    }
  })();
  return (
    <div className="feed-link-card">
      {link.image_url ? <img src={link.image_url} alt="" loading="lazy" /> : null}
      <p className="feed-link-title">{link.title ?? (link.status === 'pending' ? 'Reading the page…' : link.url)}</p>
      <p className="feed-link-host">{host}</p>
    </div>
  );
}

function PollCard({ poll }: { poll: PostPreview['poll'] | undefined }) {
  if (!poll) return null;
  return (
    <div className="feed-poll">
      <p className="feed-poll-question">{poll.question}</p>
      <ul aria-label="Poll options">
        {poll.options.map((option, index) => (
          <li key={index}>{option}</li>
        ))}
      </ul>
      <p className="feed-poll-meta">
        Open for {poll.duration_days} {poll.duration_days === 1 ? 'day' : 'days'}
      </p>
    </div>
  );
}

function CheckState({ shown }: { shown: ShownPreview }) {
  if (shown.error) return <p className="preview-check error-text">The server could not check this text: {shown.error.message} The preview below is this page’s own.</p>;
  if (shown.source === 'local') return <p className="preview-check">Checking with the server…</p>;
  if (shown.agreed) return <p className="preview-check">Checked with the server: it reads the text exactly as this page does.</p>;
  return <p className="preview-check">The server reads this text differently from this page: the server’s reading is shown (it is what LinkedIn will get).</p>;
}

/**
 * The post as LinkedIn will show it (the region named "Preview"): the member's name, the text at
 * desktop and at phone width with the "…see more" fold, hashtags and mentions as they will show,
 * the link card, the media and the poll; the count LinkedIn checks against its limit; the
 * warnings in words.
 */
export function PreviewPanel({ shown, member, counterId }: { shown: ShownPreview; member: Member; counterId: string }) {
  const { preview } = shown;
  const ranges = useMemo(
    () =>
      highlightRanges(
        preview.text,
        preview.hashtags,
        preview.mentions.map((mention) => mention.name),
      ),
    [preview.text, preview.hashtags, preview.mentions],
  );
  const name = member.display_name ?? 'You';
  const over = preview.characters > preview.limit;
  return (
    <section aria-label="Preview" className="editor-preview">
      <h2>Preview</h2>
      <CheckState shown={shown} />
      <p id={counterId} className={over ? 'counter over' : 'counter'}>
        <strong>
          {count(preview.characters)} / {count(preview.limit)}
        </strong>{' '}
        characters as LinkedIn counts them{over ? `: ${count(preview.characters - preview.limit)} too many` : ''}
      </p>
      <div className="feed-card">
        <div className="feed-author">
          <span className="feed-avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span>
            <span className="feed-name">{name}</span>
            {member.headline ? <span className="feed-headline">{member.headline}</span> : null}
          </span>
        </div>
        {COLUMNS.map((column) => (
          <FoldedText key={column.label} column={column} text={preview.text} ranges={ranges} fold={preview.fold} />
        ))}
        <LinkCard link={preview.link} />
        <Media media={preview.media ?? []} />
        <PollCard poll={preview.poll} />
      </div>
      <div className="preview-facts">
        <p>
          <strong>Hashtags:</strong> {preview.hashtags.length ? preview.hashtags.join(' ') : 'none'}
        </p>
        <p>
          <strong>Mentions:</strong> {preview.mentions.length ? preview.mentions.map((mention) => mention.name).join(', ') : 'none'}
        </p>
      </div>
      <h3 className="warnings-heading">Warnings</h3>
      {preview.warnings.length ? (
        <ul className="preview-warnings" aria-label="Warnings">
          {preview.warnings.map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{shown.source === 'server' ? 'None: LinkedIn will show the post as it looks here.' : 'None so far.'}</p>
      )}
    </section>
  );
}
