/** The types of a result document (DESIGN.md 6.2), as the Document representation names them. */
export const DOCUMENT_TYPES = ['ccf', 'mroLetter', 'labReport', 'alcoholTestForm', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What people call each type (dashboard labels, PDF titles). */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  ccf: 'Custody and control form',
  mroLetter: 'MRO verified result letter',
  labReport: 'Lab report',
  alcoholTestForm: 'Alcohol testing form',
  other: 'Other document',
};
