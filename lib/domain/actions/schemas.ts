/**
 * Request members of the action center (DESIGN.md 7.4): the list's filters and the bodies of
 * resolving and dismissing. Pure (zod only): the dashboard's forms use the same schemas.
 */
import { z } from 'zod';
import { ACTION_SEVERITIES, ACTION_STATUSES, ACTION_TYPE_NAMES } from '@/lib/domain/contract/action-types';
import { PageQuery } from '@/lib/domain/pagination';

export const ListActionsQuery = PageQuery.extend({
  status: z.enum(ACTION_STATUSES).default('open').describe('Default `open`.'),
  type: z.enum(ACTION_TYPE_NAMES).optional(),
  severity: z.enum(ACTION_SEVERITIES).optional(),
  companyId: z.string().min(1).max(255).optional().describe('Only the actions of this company (tenant-wide actions have none).'),
  dueBefore: z.iso.datetime({ offset: true }).optional().describe('Only actions due before this instant.'),
});
export type ListActionsQuery = z.output<typeof ListActionsQuery>;

const Note = z.string().trim().min(1).max(2000);

export const ResolveActionBody = z
  .strictObject({ note: Note.optional().describe('How the cause was fixed, or the record the rule asks for (why a test was not done).') })
  .meta({ id: 'ResolveActionRequest' });
export type ResolveActionBody = z.output<typeof ResolveActionBody>;

export const DismissActionBody = z
  .strictObject({ note: Note.describe('Why it needs no action: required.') })
  .meta({ id: 'DismissActionRequest' });
export type DismissActionBody = z.output<typeof DismissActionBody>;
