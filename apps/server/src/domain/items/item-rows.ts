import type { items } from '../../db/schema';

export type ItemRow = typeof items.$inferSelect;
