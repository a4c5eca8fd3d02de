import { forwardRef, type ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-gray-300 disabled:text-gray-600',
  secondary: 'bg-white text-brand-800 border border-line hover:bg-brand-50 disabled:text-gray-400',
  ghost: 'bg-transparent text-brand-800 hover:bg-brand-50 disabled:text-gray-400',
  danger: 'bg-white text-danger border border-red-200 hover:bg-red-50',
};
const sizes = {
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-13 px-6 text-lg',
  sm: 'min-h-9 px-3 text-sm',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, className = '', type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-2xl font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]} ${block ? 'w-full' : ''} ${className}`}
      {...props}
    />
  );
});
