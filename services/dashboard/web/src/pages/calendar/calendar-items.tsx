import type { DragEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { CalendarEntry, FreeSlot } from '../../api/plan-types.js';
import { StatusBadge } from '../../components/status-badge.js';
import { splitLocal } from '../../time/zoned.js';

/** Where a dragged post was dropped: a free slot (its instant), an hour of a day (week), or a day (month). */
export type DropPlace = { kind: 'slot'; slot: FreeSlot } | { kind: 'hour'; date: string; hour: number } | { kind: 'day'; date: string };

export interface DragMove {
  /** The post being dragged, if any. */
  dragging: CalendarEntry | null;
  start(entry: CalendarEntry): void;
  end(): void;
  drop(place: DropPlace): void;
  /** Opens the keyboard alternative: the Move dialog. */
  openMove(entry: CalendarEntry): void;
}

/** Only a scheduled post can move: a published one is out, and the API answers 409 for it. */
export const canMove = (entry: CalendarEntry): boolean => entry.status === 'scheduled';

/** One post on the calendar: its time, its first line (a link to it), its state in words, and Move. */
export function EntryItem({ entry, moves, showDate = false }: { entry: CalendarEntry; moves: DragMove; showDate?: boolean }) {
  const movable = canMove(entry);
  const { date, time } = splitLocal(entry.local);
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData('text/plain', entry.post_id);
    event.dataTransfer.effectAllowed = 'move';
    moves.start(entry);
  };
  return (
    <li
      className={`cal-entry cal-entry-${entry.status}`}
      draggable={movable}
      onDragStart={movable ? onDragStart : undefined}
      onDragEnd={() => moves.end()}
      data-post-id={entry.post_id}
    >
      <span className="cal-entry-time">
        <time dateTime={entry.at}>{showDate ? `${date} ${time}` : time}</time>
      </span>
      <Link to={`/posts/${entry.post_id}`} className="cal-entry-title">
        {entry.title || 'Untitled post'}
      </Link>
      <span className="cal-entry-meta">
        <StatusBadge status={entry.status} />
        {movable ? (
          <button type="button" className="link-button" onClick={() => moves.openMove(entry)}>
            Move<span className="visually-hidden"> “{entry.title || 'Untitled post'}”</span>
          </button>
        ) : null}
      </span>
    </li>
  );
}

/** An empty slot of the posting schedule: a place to drop a post (the keyboard picks it in the Move dialog). */
export function FreeSlotItem({ slot, moves }: { slot: FreeSlot; moves: DragMove }) {
  const time = splitLocal(slot.local).time;
  return (
    <li className="cal-free" data-at={slot.at} {...dropProps(moves, { kind: 'slot', slot })}>
      <time dateTime={slot.at}>{time}</time> Free slot
    </li>
  );
}

/** Makes an element a drop target for the post being dragged (nothing else is accepted). */
export function dropProps(moves: DragMove, place: DropPlace) {
  return {
    onDragOver: (event: DragEvent) => {
      if (!moves.dragging) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      event.currentTarget.classList.add('drop-over');
    },
    onDragLeave: (event: DragEvent) => event.currentTarget.classList.remove('drop-over'),
    onDrop: (event: DragEvent) => {
      event.currentTarget.classList.remove('drop-over');
      if (!moves.dragging) return;
      event.preventDefault();
      event.stopPropagation();
      moves.drop(place);
    },
  };
}

export function ItemList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="cal-items" aria-label={label}>
      {children}
    </ul>
  );
}
