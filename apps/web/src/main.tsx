// index.html's entry: the signed-in screens (and every page when the server has no prerendered
// public pages). `/` and `/r/{code}` arrive server-rendered with their own, smaller entry (public-main.tsx).
import './styles/mantine.css';
import { startSpa } from './spa';

startSpa();
