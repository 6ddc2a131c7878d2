/**
 * The example payloads of the event catalog (catalog.ts): a real order's representation as the
 * demo data makes it, with example ids, names and addresses. Typed by the representations, so tsc
 * refuses an example that no longer matches its schema (tests/api/event-types.test.ts parses them too).
 */
import type { Action } from '@/lib/domain/contract/actions';
import type { Document, Order } from '@/lib/domain/contract/representation';

/** A DOT drug screen, negative after MRO review: every member an Order has. */
export const EXAMPLE_ORDER: Order = {
  "id": "00000000-0000-4000-8000-000000000001",
  "object": "order",
  "code": "MX2K-ZGHH",
  "agency": {
    "id": "00000000-0000-4000-8000-000000000002",
    "code": "FMCSA",
    "object": "agency",
    "url": "/api/v2/agencies/00000000-0000-4000-8000-000000000002"
  },
  "clinic": {
    "id": "00000000-0000-4000-8000-000000000003",
    "name": "Concentra Urgent Care - Houston (Medical Center Dr)",
    "object": "clinic",
    "address": {
      "object": "address",
      "line1": "9058 Medical Center Dr",
      "line2": "Suite B",
      "city": "Houston",
      "state": "TX",
      "postalCode": "77203",
      "country": "US"
    },
    "phone": "+12545551854",
    "url": "/api/v2/clinics/00000000-0000-4000-8000-000000000003"
  },
  "clearinghouse": null,
  "company": {
    "id": "00000000-0000-4000-8000-000000000004",
    "name": "Acme Freight Lines",
    "object": "company",
    "url": "/api/v2/companies/00000000-0000-4000-8000-000000000004"
  },
  "acknowledgedAt": null,
  "acknowledgedBy": null,
  "createdAt": "2026-07-07T10:34:53.504Z",
  "deliveryMethods": [
    {
      "type": "email"
    }
  ],
  "employee": null,
  "expiresAt": "2026-07-21T10:34:53.504Z",
  "incident": null,
  "isFinal": true,
  "jobCategory": null,
  "location": {
    "id": "00000000-0000-4000-8000-000000000005",
    "name": "Houston Terminal",
    "object": "location",
    "url": "/api/v2/locations/00000000-0000-4000-8000-000000000005"
  },
  "otherTestReason": null,
  "packages": [
    {
      "id": "00000000-0000-4000-8000-000000000006",
      "name": "DOT Drug Screen",
      "object": "package",
      "url": "/api/v2/packages/00000000-0000-4000-8000-000000000006"
    }
  ],
  "requester": {
    "name": "Morgan Lee",
    "email": "manager@example.com"
  },
  "settings": {
    "schedule": {
      "strategy": "participantChoice"
    },
    "observedCollection": false,
    "notes": null
  },
  "participant": {
    "address": {
      "object": "address",
      "line1": "100 Main St",
      "line2": null,
      "city": "Barker",
      "state": "TX",
      "postalCode": "77413",
      "country": "US"
    },
    "birthDate": "1985-04-12",
    "email": "alex.rivera@example.com",
    "firstName": "Alex",
    "lastName": "Rivera",
    "middleName": null,
    "phone": null,
    "language": "en"
  },
  "services": [
    {
      "id": "00000000-0000-4000-8000-000000000007",
      "object": "orderService",
      "name": "DOT 5-Panel Urine Drug Screen",
      "attributes": {
        "category": "drug",
        "type": "urine"
      },
      "courierServiceName": "Quest Courier",
      "deadline": null,
      "isDot": true,
      "isFinal": true,
      "lab": {
        "id": "00000000-0000-4000-8000-000000000008",
        "name": "Quest Diagnostics",
        "object": "vendor",
        "type": "lab"
      },
      "result": {
        "positiveFor": [],
        "alcohol": null,
        "refusal": null,
        "cancellation": null,
        "dilute": false,
        "recollection": null
      },
      "screenHistory": [
        {
          "object": "orderServiceScreenHistory",
          "occurredAt": "2026-07-08T10:32:46.644Z",
          "type": "collectionInitiated"
        },
        {
          "object": "orderServiceScreenHistory",
          "occurredAt": "2026-07-08T11:07:31.637Z",
          "type": "collected"
        },
        {
          "object": "orderServiceScreenHistory",
          "occurredAt": "2026-07-09T10:22:05.234Z",
          "type": "atLab"
        },
        {
          "object": "orderServiceScreenHistory",
          "occurredAt": "2026-07-11T03:28:56.314Z",
          "type": "labResulted"
        },
        {
          "object": "orderServiceScreenHistory",
          "occurredAt": "2026-07-11T20:30:03.013Z",
          "type": "mroReviewed"
        }
      ],
      "specimenId": "Q239077456",
      "status": "negative",
      "statusUpdatedAt": "2026-07-11T20:30:03.013Z",
      "statusHistory": [
        {
          "object": "orderServiceStatusHistory",
          "occurredAt": "2026-07-07T10:34:53.504Z",
          "status": "ordered",
          "groupType": "ordered"
        },
        {
          "object": "orderServiceStatusHistory",
          "occurredAt": "2026-07-08T10:32:46.644Z",
          "status": "pending_collectionInitiated",
          "groupType": "pending"
        },
        {
          "object": "orderServiceStatusHistory",
          "occurredAt": "2026-07-08T11:07:31.637Z",
          "status": "pending_collectionCompleted",
          "groupType": "pending"
        },
        {
          "object": "orderServiceStatusHistory",
          "occurredAt": "2026-07-09T10:22:05.234Z",
          "status": "pending_atTheLab",
          "groupType": "pending"
        },
        {
          "object": "orderServiceStatusHistory",
          "occurredAt": "2026-07-11T03:28:56.314Z",
          "status": "pending_inMROReview",
          "groupType": "pending"
        },
        {
          "object": "orderServiceStatusHistory",
          "occurredAt": "2026-07-11T20:30:03.013Z",
          "status": "negative",
          "groupType": "negative"
        }
      ],
      "trackingNumber": "QC1365900455"
    }
  ],
  "status": "negative",
  "statusUpdatedAt": "2026-07-11T20:30:03.013Z",
  "testReason": "preEmployment",
  "updatedAt": "2026-07-11T20:30:03.013Z",
  "url": "/api/v2/orders/00000000-0000-4000-8000-000000000001"
};

/** The MRO letter of that order, as `document.created` carries it. */
export const EXAMPLE_DOCUMENT: Document = {
  id: '00000000-0000-4000-8000-000000000101',
  object: 'document',
  type: 'mroLetter',
  fileName: 'MX2K-ZGHH-mroLetter.pdf',
  contentType: 'application/pdf',
  size: 48213,
  sha256: '9f2c4e1a7b3d5f60812a4c6e8f0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b',
  order: { id: EXAMPLE_ORDER.id, url: EXAMPLE_ORDER.url },
  service: { id: EXAMPLE_ORDER.services[0].id },
  createdAt: '2026-07-11T20:31:12.000Z',
  purgedAt: null,
  url: '/api/v2/documents/00000000-0000-4000-8000-000000000101',
  contentUrl: '/api/v2/documents/00000000-0000-4000-8000-000000000101/content',
};

type OrderService = Order['services'][number];
const DRUG_SCREEN: OrderService = EXAMPLE_ORDER.services[0];
const ORDERED_AT = EXAMPLE_ORDER.createdAt;

/** The example order's drug screen as it stands in `status` since `at` (or still ordered). */
function screenAt(status: 'ordered' | 'cancelled' | 'expired', at: string): OrderService {
  const { trackingNumber: _none, ...service } = DRUG_SCREEN;
  return {
    ...service,
    courierServiceName: null,
    lab: null,
    specimenId: null,
    isFinal: status !== 'ordered',
    status,
    statusUpdatedAt: at,
    screenHistory: [],
    statusHistory: [
      { object: 'orderServiceStatusHistory', occurredAt: ORDERED_AT, status: 'ordered', groupType: 'ordered' },
      ...(status === 'ordered' ? [] : [{ object: 'orderServiceStatusHistory' as const, occurredAt: at, status, groupType: status }]),
    ],
  };
}

/** The example order as it was created: ordered, nothing collected. */
export const EXAMPLE_NEW_ORDER: Order = {
  ...EXAMPLE_ORDER,
  isFinal: false,
  status: 'ordered',
  statusUpdatedAt: ORDERED_AT,
  updatedAt: ORDERED_AT,
  services: [screenAt('ordered', ORDERED_AT)],
};

const CANCELLED_AT = '2026-07-07T15:02:11.908Z';
/** The example order cancelled the afternoon it was placed. */
export const EXAMPLE_CANCELLED_ORDER: Order = {
  ...EXAMPLE_NEW_ORDER,
  status: 'cancelled',
  statusUpdatedAt: CANCELLED_AT,
  updatedAt: CANCELLED_AT,
  services: [screenAt('cancelled', CANCELLED_AT)],
};

const EXPIRED_AT = '2026-07-21T10:35:20.117Z';
/** The example order expired: its 14 days passed with nothing collected. */
export const EXAMPLE_EXPIRED_ORDER: Order = {
  ...EXAMPLE_NEW_ORDER,
  status: 'expired',
  statusUpdatedAt: EXPIRED_AT,
  updatedAt: EXPIRED_AT,
  services: [screenAt('expired', EXPIRED_AT)],
};

/** A result waiting for review a day after it became final (DESIGN.md 7.4), open and overdue. */
export const EXAMPLE_ACTION: Action = {
  object: 'action',
  id: '00000000-0000-4000-8000-00000000a0c1',
  url: '/api/v2/actions/00000000-0000-4000-8000-00000000a0c1',
  type: 'resultUnacknowledged',
  severity: 'critical',
  title: `Result "nonNegative" for Alex Rivera (order ${EXAMPLE_ORDER.code}) not acknowledged after 24 hours`,
  subject: { object: 'order', id: EXAMPLE_ORDER.id, url: EXAMPLE_ORDER.url },
  company: EXAMPLE_ORDER.company,
  dueAt: '2026-07-12T20:30:03.120Z',
  overdue: true,
  citation: '49 CFR 40.23',
  resolvableByHand: false,
  status: 'open',
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
  note: null,
  createdAt: '2026-07-12T20:30:04.870Z',
};
