import { Badge, type Tone } from '@/components/ui/badge';
import type { RandomSelection } from './types';

const STATUS: Record<RandomSelection['status'], { label: string; tone: Tone }> = {
  selected: { label: 'Selected', tone: 'warning' },
  ordered: { label: 'Ordered', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  excused: { label: 'Excused', tone: 'muted' },
  lost: { label: 'Lost', tone: 'danger' },
};

/** A selection's status (DESIGN.md 7.2): selected, ordered, completed, excused or lost at the period's end. */
export function SelectionStatusBadge({ status }: { status: RandomSelection['status'] }) {
  const s = STATUS[status] ?? { label: status, tone: 'neutral' as const };
  return (
    <Badge tone={s.tone} dot>
      {s.label}
    </Badge>
  );
}
