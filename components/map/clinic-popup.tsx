'use client';
import { useEffect, useRef } from 'react';
import { cityLine, formatPhone, streetLine } from '@/components/reference/format';
import { ServiceChips } from '@/components/reference/ui';
import { ClinicHours } from './clinic-hours';
import type { RankedClinic } from './types';

/**
 * The popup of a clinic on the map: name, address, phone, distance and services, with directions
 * and "Order at this clinic" (the new-order form with this clinic chosen). Its links carry `!`
 * colours: Leaflet's `.leaflet-container a` would otherwise paint them #0078A8 (3.6:1 in dark mode).
 */
export function ClinicPopupContent({ ranked, focusOnOpen, canOrder }: { ranked: RankedClinic; focusOnOpen: boolean; /** The user may place orders (`order.create`). */ canOrder: boolean }) {
  const { clinic, rank } = ranked;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a pin with the keyboard: move focus into the popup (Escape closes it and returns to
  // the pin). Leaflet re-attaches the popup's content once it has opened, which drops focus, so
  // this waits for that.
  useEffect(() => {
    if (!focusOnOpen) return;
    const container = heading.current?.closest('.leaflet-container');
    if (!container?.contains(document.activeElement)) return;
    const timer = setTimeout(() => heading.current?.focus({ preventScroll: true }), 60);
    return () => clearTimeout(timer);
  }, [focusOnOpen]);
  return (
    <div className="text-slate-700 dark:text-slate-300" data-testid="clinic-popup">
      <h3 ref={heading} tabIndex={-1} className="pr-4 text-sm font-semibold leading-snug text-slate-900 outline-none dark:text-white">
        <span className="mr-1 text-slate-500 dark:text-slate-400">{rank}.</span>
        {clinic.name}
      </h3>
      {clinic.distance && (
        <div className="mt-1 text-xs font-medium text-brand-700 dark:text-brand-300">{clinic.distance.miles.toFixed(1)} miles away</div>
      )}
      {clinic.address && (
        <address className="mt-2 not-italic leading-snug">
          {streetLine(clinic.address) && <span className="block">{streetLine(clinic.address)}</span>}
          <span className="block">{cityLine(clinic.address)}</span>
        </address>
      )}
      {clinic.phone && (
        <div className="mt-1">
          <a href={`tel:${clinic.phone}`} className="font-medium text-brand-700! hover:underline dark:text-brand-300!" data-testid="clinic-popup-phone">
            {formatPhone(clinic.phone)}
          </a>
        </div>
      )}
      <ClinicHours clinic={clinic} />
      <div className="mt-2.5 border-t border-slate-200 pt-2.5 dark:border-slate-700">
        <div className="mb-1.5 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">Services you can order here</div>
        <ServiceChips services={clinic.services} max={6} />
      </div>
      <div className="mt-2.5 flex flex-wrap gap-x-3 gap-y-1 border-t border-slate-200 pt-2.5 text-sm dark:border-slate-700">
        {canOrder ? (
          <a
            href={`/orders/new?clinic=${encodeURIComponent(clinic.id)}`}
            className="font-medium text-brand-700! hover:underline dark:text-brand-300!"
            data-testid="clinic-popup-order"
          >
            Order at this clinic
          </a>
        ) : null}
        <a
          href={directionsUrl(clinic)}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700! hover:underline dark:text-brand-300!"
          data-testid="clinic-popup-directions"
        >
          Directions<span className="sr-only"> to {clinic.name} (opens a new tab)</span>
        </a>
      </div>
    </div>
  );
}

/** Directions in OpenStreetMap (the map's own tiles' source) to the clinic's position or address. */
function directionsUrl(clinic: RankedClinic['clinic']): string {
  if (clinic.coordinates) return `https://www.openstreetmap.org/directions?to=${clinic.coordinates.lat}%2C${clinic.coordinates.long}`;
  const where = [clinic.address ? streetLine(clinic.address) : null, clinic.address ? cityLine(clinic.address) : null].filter(Boolean).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(where || clinic.name)}`;
}
