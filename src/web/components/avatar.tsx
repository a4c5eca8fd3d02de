import { avatarInitials, type InitialsInput } from '../../domain/profile';

export function Avatar({
  user,
  size = 40,
}: {
  user: InitialsInput & { profileImageUrl?: string | null };
  size?: number;
}) {
  const style = { width: size, height: size };
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        style={style}
        className="rounded-full object-cover"
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden
      style={{ ...style, fontSize: size * 0.4 }}
      className="grid place-items-center rounded-full bg-brand-700 font-semibold text-white"
    >
      {avatarInitials(user) || '?'}
    </span>
  );
}
