/*
 * uaccess-lint test fixture -- common to the x86 and v619 flavors (x86_64 shape).
 * Written for the analyzer's tests; not copied from the kernel.
 *
 * Pieces of asm/asm.h, asm/alternative.h and asm/extable.h that the
 * user-access macros build on.  Only the C-visible shape matters (the asm
 * text is never assembled by -fsyntax-only), but every template below still
 * names its operands correctly, because clang checks %N / %lN / %[name].
 */
#ifndef _ASM_X86_ASM_H
#define _ASM_X86_ASM_H

#include <linux/compiler.h>

/* Register names as used in "register ... asm(...)" declarations. */
#define _ASM_AX		"rax"
#define _ASM_BX		"rbx"
#define _ASM_CX		"rcx"
#define _ASM_DX		"rdx"
#define _ASM_SP		"rsp"

/* Stack pointer as an asm operand, so calls from asm keep a frame. */
register unsigned long current_stack_pointer asm(_ASM_SP);
#define ASM_CALL_CONSTRAINT "+r" (current_stack_pointer)

/* Flag outputs: clang has them, so the "=@cc" form is used. */
#define CC_SET(c)	"\n\t/* flag output: " #c " */\n"
#define CC_OUT(c)	"=@cc" #c

#define LOCK_PREFIX	"\n\tlock "

/* Exception-table entry kinds and flags (the numbers are arbitrary here). */
#define EX_TYPE_UACCESS		3
#define EX_TYPE_EFAULT_REG	4
#define EX_FLAG_CLEAR_AX	0x100
#define EX_FLAG_CLEAR_AX_DX	0x300

/* One "fault at 'from', continue at 'to'" record, as assembler text. */
#define _ASM_EXTABLE_TYPE(from, to, type)			\
	"\t.pushsection __ex_table, \"a\"\n"			\
	"\t.balign 4\n"						\
	"\t.long (" #from ") - ., (" #to ") - ., " __stringify(type) "\n" \
	"\t.popsection\n"

/* Same, also naming the register that receives -EFAULT on a fault. */
#define _ASM_EXTABLE_TYPE_REG(from, to, type, reg)		\
	"\t.pushsection __ex_table, \"a\"\n"			\
	"\t.balign 4\n"						\
	"\t.long (" #from ") - ., (" #to ") - ., "		\
	__stringify(type) " /* reg " #reg " */\n"		\
	"\t.popsection\n"

#define _ASM_EXTABLE_UA(from, to)	_ASM_EXTABLE_TYPE(from, to, EX_TYPE_UACCESS)

/* CPU feature numbers consulted by the alternatives below. */
#define X86_FEATURE_SMAP		(9*32 + 20)
#define X86_FEATURE_LFENCE_RDTSC	(3*32 + 18)
#define X86_FEATURE_FSRM		(18*32 + 4)
#define X86_FEATURE_FSRS		(12*32 + 11)
#define ALT_NOT(feature)		((1 << 15) | (feature))

/*
 * Boot-time patched instruction: the old text runs unless the CPU has
 * 'feature', then the new text is patched in.
 */
#define ALTERNATIVE(oldinstr, newinstr, feature)		\
	"# alt " __stringify(feature) "\n"			\
	"661:\n\t" oldinstr "\n662:\n"				\
	"\t.pushsection .altinstr_replacement, \"ax\"\n"	\
	"663:\n\t" newinstr "\n664:\n"				\
	"\t.popsection\n"

#define alternative(oldinstr, newinstr, feature)		\
	asm_inline volatile(ALTERNATIVE(oldinstr, newinstr, feature) : : : "memory")

#endif /* _ASM_X86_ASM_H */
