import { useState } from 'react';
import { initialOf } from './initials';

/** The user's photo, or their initial when there is none or it fails to load (issue 19). */
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
    <span className="avatar avatar-initial" aria-hidden="true">
      {initialOf(label)}
    </span>
  );
}
