/**
 * "Send a new link" from the staging mailbox (DESIGN.md 6.1, 6.4). The mailbox shows one-time links
 * masked (only the recipient gets the link); what a reader may do is have a new one sent to the
 * recipient, through the operation that already does it: an invitation is sent again
 * (`resendInvitation`: the old link is revoked), an order message's pass is reissued
 * (`reissuePass`: the old pass is revoked, the new one goes by the order's delivery method). A
 * message the principal may not see in the mailbox answers like a missing one.
 */
import { and, eq } from 'drizzle-orm';
import { messages, userInvitations } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { reissuePass } from '@/lib/domain/passes/passes';
import { resendInvitation } from '@/lib/domain/users/invitations';
import { mailboxMessage } from './queries';

export async function resendMessageLink({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ link: 'invitation' | 'pass' }> {
  const [message] = await ctx.db
    .select({ orderId: messages.orderId, userId: userInvitations.userId })
    .from(messages)
    .leftJoin(userInvitations, eq(userInvitations.id, messages.invitationId))
    .where(and(eq(messages.id, input.id), mailboxMessage(ctx)));
  if (!message) throw notFound('Message', '/id');
  if (message.orderId) {
    // The API's POST /orders/{id}/pass asks for the same scope.
    if (!ctx.scopes.has('order.update')) throw new DomainError('insufficientScope', 'Reissuing a pass needs the order.update scope.', { meta: { requiredScope: 'order.update' } });
    await reissuePass({ ctx, orderId: message.orderId });
    return { link: 'pass' };
  }
  await resendInvitation({ ctx, input: { id: message.userId! } });
  return { link: 'invitation' };
}
