// The merged, parsed catalogues the build makes (scripts/precompile-messages.ts).
declare module 'virtual:scanline-messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
