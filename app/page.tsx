import { redirect } from 'next/navigation';
import { signedInCtx } from '@/lib/auth/page-context';

/** `/`: the orders with a live session, else the sign-in page. */
export default async function Home() {
  redirect((await signedInCtx()) ? '/orders' : '/login');
}
