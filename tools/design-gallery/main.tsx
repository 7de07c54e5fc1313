import { createRoot } from 'react-dom/client';
import { Gallery } from './gallery';
import '../../src/web/styles/base.css';
import './gallery.css';

const theme = new URLSearchParams(location.search).get('theme');
if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
createRoot(document.getElementById('gallery')!).render(<Gallery />);
