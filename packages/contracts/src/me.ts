import { z } from 'zod';

export const userSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  display_name: z.string().nullable(),
  photo_url: z.string().nullable(),
  sign_in_provider: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
