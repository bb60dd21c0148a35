// Presenters decide exactly which fields leave the server; rows are never returned as they are.
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
