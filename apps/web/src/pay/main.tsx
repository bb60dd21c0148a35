import './pay.css';
import { createRoot } from 'react-dom/client';
import { PayApp } from './PayApp';

// `/pay/{token}`: the shopper page. Its own entry, with no console code and no firebase
// (PRODUCT §5): plain React and one small stylesheet.
const token = decodeURIComponent(window.location.pathname.replace(/^\/pay\/?/, '').split('/')[0] ?? '');
createRoot(document.getElementById('root') as HTMLElement).render(<PayApp token={token} />);
