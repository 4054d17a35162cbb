struct frame {
	u32 magic;
	u32 size;
};
/* What the callers check: a header the frame starts with. */
struct frame_hdr {
	u32 magic;
	u32 hdr_size;
};
#define FRAME_HDR_LEN 8
