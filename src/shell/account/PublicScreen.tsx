import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../productName';

/** The overlay layout of the public screens: no menu, no close button (spec part 1 §2 'Public routes'). */
export function PublicScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="public-screen">
      <div className="public-screen__card">
        <div className="public-screen__brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{PRODUCT_NAME}</span>
        </div>
        <h1 className="public-screen__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
