import Kernel
