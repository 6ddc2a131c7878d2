import { Badge } from '@/components/ui/badge';

/** "Inactive" beside the name of a deactivated company, location or package (server or client). */
export function InactiveBadge({ isActive }: { isActive: boolean }) {
  return isActive ? null : <Badge tone="muted">Inactive</Badge>;
}
