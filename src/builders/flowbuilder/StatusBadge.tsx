import type { FlowStatus } from '../../domain/flow/types';

const labels: Record<FlowStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  inactive: 'Inactive',
  archived: 'Archived',
};

/** A flow version's status (spec part 2 §4 'Flow version status'; §9: draft, published, inactive, archived). */
export function StatusBadge({ status }: { status: FlowStatus | null | undefined }) {
  const shown = status ?? 'draft';
  return <span className={`badge flow-status flow-status--${shown}`}>{labels[shown]}</span>;
}
