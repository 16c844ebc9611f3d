.LBB0_3:                                # =>This Inner Loop Header: Depth=1
	vmovups	(%r13,%rsi,4), %ymm2
	vmovups	%ymm2, 96(%rsp)                 # 32-byte Spill
	vmovdqu	352(%rsp), %ymm3                # 32-byte Reload
	vpaddd	%ymm2, %ymm3, %ymm3
	vmovdqu	%ymm3, (%rax,%rsi,2)
	vcvtps2ph	$4, %ymm3, 32(%rax,%rsi,2)
	addq	$32, %rsi
	cmpq	$4095, %rsi
	jle	.LBB0_3
