import { ListScreen } from '../../components/list-screen';
import { FriendsList } from '../../features/bills/components/friends-list';

/** /friends (DECISIONS.md): the people the user split bills with; back goes home. */
export function FriendsScreen() {
  return (
    <ListScreen title="Friends" back={{ href: '/', label: 'Back to home' }}>
      <FriendsList />
    </ListScreen>
  );
}
