/** TanStack Query keys shared across features: an action in one refreshes what another shows. */
export const keys = {
  me: ['me'] as const,
  businesses: ['businesses'] as const,
  projects: ['projects'] as const,
  project: (id: string) => ['project', id] as const,
  members: (id: string) => ['project', id, 'members'] as const,
  invitations: (id: string) => ['project', id, 'invitations'] as const,
  apiKeys: (id: string) => ['project', id, 'api-keys'] as const,
  audit: (id: string) => ['project', id, 'audit'] as const,
};
