import './pay.css';
import { createRoot } from 'react-dom/client';
import { PayIntl } from './i18n';
import { PayApp } from './PayApp';
import { StickerApp } from './StickerApp';

// `/pay/{token}`: the shopper page; `/s/{token}`: a terminal's sticker. Its own
// entry, with no console code and no firebase: plain React, our message formatter with the
// shopper's one catalogue, and one small stylesheet.
const [, kind, raw] = window.location.pathname.split('/');
const token = decodeURIComponent(raw ?? '');
createRoot(document.getElementById('root') as HTMLElement).render(
  <PayIntl>{kind === 's' ? <StickerApp token={token} /> : <PayApp token={token} />}</PayIntl>,
);
