import { useState } from 'react';
import { initialOf } from './initials';

/** The user's photo, or their initial when there is none or it fails to load. */
export function UserAvatar({ photoUrl, label }: { photoUrl: string | null | undefined; label: string }) {
  // Remembered per URL: a new photo gets its own chance to load.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  return photoUrl && brokenUrl !== photoUrl ? (
    <img
      className="avatar"
      src={photoUrl}
      alt=""
      referrerPolicy="no-referrer"
      onError={() => setBrokenUrl(photoUrl)}
    />
  ) : (
    // The initial is drawn by CSS, not written as text: it is decoration, and as text it would
    // be part of the button's visible label that its accessible name ("Account menu for Ada")
    // does not contain (WCAG 2.5.3 Label in Name).
    <span className="avatar avatar-initial" aria-hidden="true" data-initial={initialOf(label)} />
  );
}
