import type { Metadata } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: 'Drug-testing orders',
  description: 'Order drug and alcohol tests, find collection sites, follow results.',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
