export const confirmStyles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  danger: 'bg-danger text-white hover:bg-red-800',
};
