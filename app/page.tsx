import { redirect } from 'next/navigation';
import { cookies } from 'next/headers';

/** `/`: the orders when signed in, else the sign-in page (the dashboard layout checks the session). */
export default async function Home() {
  const store = await cookies();
  const signedIn = store.has('__Secure-next-auth.session-token') || store.has('next-auth.session-token');
  redirect(signedIn ? '/orders' : '/login');
}
