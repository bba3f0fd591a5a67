import type { BlogPostStatus } from '@parade/core/admin-schemas';
import { ToneBadge } from '@/components/status-badge';

const labels: Record<BlogPostStatus, { label: string; tone: 'success' | 'info' | 'neutral' }> = {
  published: { label: 'Published', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  draft: { label: 'Draft', tone: 'neutral' },
};

/** Whether the storefront shows the post: published, scheduled for later, or a draft. */
export function PostStatusBadge({ status }: { status: BlogPostStatus }) {
  const { label, tone } = labels[status];
  return <ToneBadge tone={tone}>{label}</ToneBadge>;
}
