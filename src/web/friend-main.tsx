import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FriendApp } from './app/friend-app';
import { friendScreenAt } from './app/friend-screens';
import { prefetchJoinBill } from './features/join/api/join-bill';
import { prefetchPaymentLink } from './features/payer/api/payment-link';
import { stylesLoaded } from './lib/styles-loaded';
import './styles.css';

// The entry of the pages a friend opens without an account (friend.html; the server sends it for
// `isFriendPage` paths): a payer's link, a join link, the checkout. It carries none of the creator's
// app, and starts fetching the page's screen, and the payer's or join page's data, beside its own
// scripts rather than after them.
const { pathname } = window.location;
const screen = friendScreenAt(pathname);
void screen?.load();
// Tokens are URL-safe; one that is not is simply read by its screen (wouter decodes it).
const token = pathname.split('/')[2] ?? '';
if (screen?.path === '/pay/:token' || screen?.path === '/payment/:token')
  prefetchPaymentLink(token);
if (screen?.path === '/join/:token') prefetchJoinBill(token);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from friend.html');
void stylesLoaded().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <FriendApp />
      </StrictMode>,
    ),
  ),
);
