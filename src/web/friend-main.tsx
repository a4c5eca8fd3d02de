import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FriendApp } from './app/friend-app';
import { friendScreenAt } from './app/friend-screens';
import './styles.css';

// The entry of the pages a friend opens without an account (friend.html; the server sends it for
// `isFriendPage` paths): a payer's link, a join link, the checkout. It carries none of the creator's
// app, and starts fetching the page's screen beside its own scripts rather than after them.
void friendScreenAt(window.location.pathname)?.load();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from friend.html');
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <FriendApp />
    </StrictMode>,
  ),
);
